// One of the queue's filters: a labelled list to choose one value from.
export const FilterSelect = <V extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}) => (
  <div className="field">
    <label className="field__label" htmlFor={id}>
      {label}
    </label>
    <select
      id={id}
      className="select"
      value={value}
      onChange={(e) => onChange(options.find((o) => o.value === e.target.value)?.value ?? value)}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  </div>
);
