// A searchable, accessible select (the ARIA combobox pattern, by downshift): countries and phone
// country codes. The traveller types to filter, picks with arrows and Enter, or with a tap.
import type { MessageId } from '@eta-il/domain';
import { describedBy } from '@eta-il/ui';
import { useCombobox } from 'downshift';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldHintAndMessages } from './Field.tsx';
import { useDebounced } from './useDebounced.ts';

export interface ComboboxProps<T> {
  name: string;
  label: string;
  hint?: string | undefined;
  items: readonly T[];
  itemKey: (item: T) => string;
  itemLabel: (item: T) => string;
  /** The items that match a query, in order; defaults to a name search. */
  filter?: (items: readonly T[], query: string) => readonly T[];
  selected: T | null;
  onSelect: (item: T | null) => void;
  onBlur?: () => void;
  error?: MessageId | undefined;
  warning?: MessageId | undefined;
  placeholder?: string;
  /** Shown when nothing matches. */
  emptyText?: string;
  className?: string;
  renderItem?: (item: T) => React.ReactNode;
  labelHidden?: boolean;
  /** Wait this long after typing before filtering. */
  debounceMs?: number;
  /** The browser's autofill hint (`country-name` for the home country); off by default. */
  autoComplete?: string;
}

const byLabel =
  <T,>(itemLabel: (item: T) => string) =>
  (items: readonly T[], query: string) => {
    const q = query.trim().toLocaleLowerCase();
    if (!q) return items;
    const starts = items.filter((i) => itemLabel(i).toLocaleLowerCase().startsWith(q));
    const contains = items.filter(
      (i) => !starts.includes(i) && itemLabel(i).toLocaleLowerCase().includes(q),
    );
    return [...starts, ...contains];
  };

export const Combobox = <T,>({
  name,
  label,
  hint,
  items,
  itemKey,
  itemLabel,
  filter,
  selected,
  onSelect,
  onBlur,
  error,
  warning,
  placeholder,
  emptyText,
  className,
  renderItem,
  labelHidden,
  debounceMs = 0,
  autoComplete = 'off',
}: ComboboxProps<T>) => {
  const { t } = useTranslation('common');
  const [query, setQuery] = useState('');
  const search = filter ?? byLabel(itemLabel);
  const searched = useDebounced(query, debounceMs);
  const shown = useMemo(() => search(items, searched), [search, items, searched]);
  const combobox = useCombobox<T>({
    items: shown as T[],
    inputId: name,
    itemToString: (item) => (item ? itemLabel(item) : ''),
    itemToKey: (item) => (item ? itemKey(item) : null),
    selectedItem: selected,
    onSelectedItemChange: ({ selectedItem }) => onSelect(selectedItem ?? null),
    onInputValueChange: ({ inputValue, type }) => {
      if (type === useCombobox.stateChangeTypes.InputChange) {
        setQuery(inputValue ?? '');
        if (!inputValue) onSelect(null);
      }
    },
    onIsOpenChange: ({ isOpen }) => {
      if (!isOpen) setQuery('');
    },
    // Escape closes the list and puts the chosen item's name back; it never clears the choice
    // (downshift's default would).
    stateReducer: (state, { type, changes }) =>
      type === useCombobox.stateChangeTypes.InputKeyDownEscape
        ? {
            ...changes,
            isOpen: false,
            selectedItem: state.selectedItem,
            inputValue: state.selectedItem ? itemLabel(state.selectedItem) : '',
          }
        : changes,
  });
  // Keep the box showing the chosen item when it changes from outside (a draft is restored).
  const { setInputValue } = combobox;
  useEffect(() => {
    setInputValue(selected ? itemLabel(selected) : '');
  }, [selected, itemLabel, setInputValue]);

  const describedby = describedBy(name, { hint, error, warning });
  return (
    <div
      className={`field combobox${error ? ' field--error' : ''}${className ? ` ${className}` : ''}`}
    >
      <label
        {...combobox.getLabelProps()}
        htmlFor={name}
        className={`field__label${labelHidden ? ' visually-hidden' : ''}`}
      >
        {label}
      </label>
      <FieldHintAndMessages name={name} hint={hint} error={error} warning={warning} />
      <div className="combobox__control">
        <input
          {...combobox.getInputProps({
            onBlur,
            placeholder: placeholder ?? t('typeOrChoosePlaceholder'),
            'aria-invalid': error ? true : undefined,
            'aria-describedby': describedby,
          })}
          name={name}
          className="input combobox__input"
          autoComplete={autoComplete}
        />
        <button
          type="button"
          className="combobox__toggle"
          {...combobox.getToggleButtonProps({ 'aria-label': t('showOptions', { label }) })}
        >
          <span aria-hidden="true">▾</span>
        </button>
      </div>
      <ul
        {...combobox.getMenuProps()}
        className={`combobox__menu${combobox.isOpen ? ' is-open' : ''}`}
      >
        {combobox.isOpen &&
          shown.map((item, index) => (
            <li
              key={itemKey(item)}
              className={`combobox__option${combobox.highlightedIndex === index ? ' is-highlighted' : ''}`}
              {...combobox.getItemProps({ item, index })}
            >
              {renderItem ? renderItem(item) : itemLabel(item)}
            </li>
          ))}
        {combobox.isOpen && shown.length === 0 && (
          <li className="combobox__empty" aria-disabled="true">
            {emptyText ?? t('noEntries')}
          </li>
        )}
      </ul>
    </div>
  );
};
