import { describe, expect, it } from 'vitest';
import { atLeastOneOf, choice, optionalTextField, passwordField, textField } from './fields.js';
import { zipcode } from '../rules/validators.js';

const first = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('field builders', () => {
  it('textField: Required when absent or blank, Invalid value for non-text, then the rule', () => {
    const zip = textField([zipcode]);
    expect(first(zip.safeParse(undefined))).toBe('Required');
    expect(first(zip.safeParse('  '))).toBe('Required');
    expect(first(zip.safeParse(12345))).toBe('Invalid value');
    expect(first(zip.safeParse('1234'))).toBe('Invalid zip code');
    expect(zip.parse(' 12345 ')).toBe('12345');
  });
  it('passwords keep their spaces', () => {
    expect(passwordField.parse(' spaced out ')).toBe(' spaced out ');
  });
  it('optionalTextField lets absent and blank through', () => {
    const zip = optionalTextField([zipcode]);
    expect(zip.parse(undefined)).toBeUndefined();
    expect(zip.parse('')).toBe('');
    expect(first(zip.safeParse('1'))).toBe('Invalid zip code');
  });
  it('choice and atLeastOneOf', () => {
    const c = choice(['a', 'b']);
    expect(first(c.safeParse(undefined))).toBe('Required');
    expect(first(c.safeParse('z'))).toBe('Please choose one of the options');
    const many = atLeastOneOf(['a', 'b']);
    expect(first(many.safeParse([]))).toBe('Select at least one');
    expect(many.parse(['b', 'a', 'b'])).toEqual(['b', 'a']);
  });
});
