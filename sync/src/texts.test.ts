import { describe, expect, it } from 'vitest';
import { isTextKey, t, texts } from './texts.js';

describe('t', () => {
  it('answers the documented texts verbatim', () => {
    expect(t('error.generic')).toBe('Something went wrong, please try again later.');
    expect(t('error.auto-login-not-found')).toBe('User not found. Please register first');
    expect(t('image-uploader.min-dimension')).toBe('Mininum dimension is 640px x 360px');
    expect(t('error.request-timeout')).toBe('TimeoutError: The operation was aborted due to timeout');
  });

  it('fills every placeholder, numbers included', () => {
    expect(t('validation.min-length', { field: 'password', min: 8 })).toBe('The password must contain at least 8 symbols');
    expect(t('error.page-not-found', { path: '/nowhere' })).toBe('Page not found: /nowhere');
    expect(t('agent.pause-once-per-hour', { time: '12:30' })).toBe('You can only pause once per hour! Left: 12:30');
  });

  it('leaves a placeholder without a value visible', () => {
    expect(t('error.page-invalid', {})).toBe('Page Not Found: {path}');
    expect(t('error.page-invalid')).toBe('Page Not Found: {path}');
  });

  it('does not interpret replacement patterns in values', () => {
    expect(t('error.page-not-found', { path: '/$&$1' })).toBe('Page not found: /$&$1');
  });

  it('has no empty texts and recognises its own keys only', () => {
    for (const text of Object.values(texts)) expect(text.trim()).not.toBe('');
    expect(isTextKey('error.generic')).toBe(true);
    expect(isTextKey('toString')).toBe(false);
  });
});
