// The WebAssembly module of rulebench (playground/src/lib.rs) and its one call: a request
// object in, the answer object out (the protocol of src/web.rs).
export async function load(url = "rulebench.wasm") {
  const response = await fetch(url);
  const { instance } = await WebAssembly.instantiate(await response.arrayBuffer(), {});
  const wasm = instance.exports;
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  return function call(request) {
    const bytes = encoder.encode(JSON.stringify(request));
    const ptr = wasm.rb_alloc(bytes.length);
    new Uint8Array(wasm.memory.buffer, ptr, bytes.length).set(bytes);
    const len = wasm.rb_call(ptr, bytes.length);
    const at = wasm.rb_answer();
    return JSON.parse(decoder.decode(new Uint8Array(wasm.memory.buffer, at, len)));
  };
}
