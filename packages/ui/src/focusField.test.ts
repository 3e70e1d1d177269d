// focusField (STYLE §6): a summary link or a failed submit focuses the field by its name; for a
// radio group, the chosen option, else the first one (whose id is the group's name).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusField } from './focusField.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

const radios = (checked?: string) => {
  document.body.innerHTML = `
    <input type="radio" id="gender" name="gender" value="1">
    <input type="radio" id="gender-2" name="gender" value="2" ${checked === '2' ? 'checked' : ''}>
    <input type="radio" id="gender-3" name="gender" value="3">`;
};

describe('focusField', () => {
  it('focuses the field whose id is the name, and scrolls it into view', () => {
    document.body.innerHTML = '<input id="other" name="other"><input id="town" name="town">';
    const town = document.getElementById('town')!;
    const scroll = vi.spyOn(town, 'scrollIntoView');
    focusField('town');
    expect(document.activeElement).toBe(town);
    expect(scroll).toHaveBeenCalledWith({ block: 'center' });
  });

  it('focuses the chosen option of a radio group', () => {
    radios('2');
    focusField('gender');
    expect(document.activeElement).toBe(document.getElementById('gender-2'));
  });

  it('focuses the first option of a radio group with nothing chosen', () => {
    radios();
    focusField('gender');
    expect(document.activeElement).toBe(document.getElementById('gender'));
  });

  it('falls back to the first control of that name when no element has the id', () => {
    document.body.innerHTML =
      '<select id="marital-status-select" name="maritalStatus.id"></select>';
    focusField('maritalStatus.id');
    expect(document.activeElement).toBe(document.getElementById('marital-status-select'));
  });

  it('does nothing for a field that is not on the page', () => {
    document.body.innerHTML = '<input id="town" name="town">';
    expect(() => focusField('missing')).not.toThrow();
    expect(document.activeElement).toBe(document.body);
  });
});
