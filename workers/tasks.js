// Worker entry: worker threads start without the main thread's TypeScript loader, so each one
// registers tsx itself before loading the tasks.
import { register } from 'tsx/esm/api';

register();
const tasks = await import('./tasks.ts');
export const { probe, render, normalize, finish } = tasks;
