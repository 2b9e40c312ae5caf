//! rulebench in the browser: the library's playground protocol ([`rulebench::web`]) exported
//! from a WebAssembly module, with no glue generator. The page asks for memory with
//! [`rb_alloc`], writes a request's UTF-8 bytes there, calls [`rb_call`] (which takes the
//! memory back and returns the answer's length in bytes) and reads the answer at
//! [`rb_answer`]. The engine is the library's own code, the one the command line runs.

use std::cell::RefCell;

thread_local! {
    /// The last answer, kept until the next call so that the page can read it.
    static ANSWER: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Memory for a request of `len` bytes, for the page to write into and hand to [`rb_call`].
#[unsafe(no_mangle)]
pub extern "C" fn rb_alloc(len: usize) -> *mut u8 {
    let mut buf = Vec::<u8>::with_capacity(len.max(1));
    let ptr = buf.as_mut_ptr();
    std::mem::forget(buf);
    ptr
}

/// Answers the request of `len` bytes at `ptr` (memory from [`rb_alloc`] of that length, taken
/// back here); returns the answer's length, its bytes at [`rb_answer`].
///
/// # Safety
/// `ptr` must come from `rb_alloc(len)` with the same `len`, written with `len` bytes, and not
/// be used again.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rb_call(ptr: *mut u8, len: usize) -> usize {
    // SAFETY: the caller's contract: `ptr` is `rb_alloc(len)`'s buffer of capacity
    // `len.max(1)`, with `len` bytes written.
    let bytes = unsafe { Vec::from_raw_parts(ptr, len, len.max(1)) };
    let answer = rulebench::web::answer(&String::from_utf8_lossy(&bytes));
    ANSWER.with(|a| {
        *a.borrow_mut() = answer;
        a.borrow().len()
    })
}

/// Where the last answer's bytes are (valid until the next call).
#[unsafe(no_mangle)]
pub extern "C" fn rb_answer() -> *const u8 {
    ANSWER.with(|a| a.borrow().as_ptr())
}
