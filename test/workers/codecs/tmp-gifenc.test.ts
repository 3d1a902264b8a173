import { test, expect } from 'vitest';
import * as ns from 'gifenc';
test('x', () => { console.log(Object.keys(ns)); expect(1).toBe(1); });
