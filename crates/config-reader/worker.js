// The config reader's worker: the calculator posts a paste
// ([config, index, params, active, lang]) and receives the postcard bytes of a
// `Reading`, or null where the module could not start. The build fills in the
// names of the module's glue and wasm.
import init, { read_pasted } from './__GLUE__';

const ready = init({ module_or_path: new URL('./__WASM__', import.meta.url) });

onmessage = async ({ data }) => {
  try {
    await ready;
    postMessage(read_pasted(...data));
  } catch {
    postMessage(null);
  }
};
