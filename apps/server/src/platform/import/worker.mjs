// The import worker's entry: plain JavaScript, so that it starts the same way under the server
// (node --import tsx), vitest and a bare node; it registers tsx itself, then loads the reader.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
