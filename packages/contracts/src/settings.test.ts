import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings, settingsSchema } from './index.js';

describe('the default settings', () => {
  it('are settings: the type takes them and the schema keeps every value', () => {
    const defaults: Settings = DEFAULT_SETTINGS;
    expect(settingsSchema.parse(defaults)).toEqual(DEFAULT_SETTINGS);
  });
});
