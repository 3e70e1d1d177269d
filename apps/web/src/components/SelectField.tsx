// A native select: the most accessible dropdown on every phone, and free in page weight.
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

export interface Option {
  value: string;
  label: string;
}

export const Select = ({
  options,
  placeholder,
  ...rest
}: ComponentProps<'select'> & { options: Option[]; placeholder?: string }) => {
  const { t } = useTranslation('common');
  return (
    <select className="select" {...rest}>
      <option value="">{placeholder ?? t('choosePlaceholder')}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
};
