// The worker thread's entry when the package runs from its TypeScript source: Node starts a worker
// without the parent's loaders, so it registers tsx itself before loading the training's side.
import { tsImport } from 'tsx/esm/api';

await tsImport('./worker.ts', import.meta.url);
