import type { Ref } from 'react';
import { Select, type SelectProps } from './select';

type EnumSelectProps<T extends string> = Omit<SelectProps, 'children'> & {
  ref?: Ref<HTMLSelectElement>;
  /** The allowed values, in order (a shared `as const` list such as `GENDERS`). */
  options: readonly T[];
  /** The label of a value in the UI language. */
  labelOf: (value: T) => string;
  /** The empty first option ("Choose…"); left out when the field always has a value. */
  placeholder?: string;
};

/** The one select for a closed list of values (an enum from `@painlab/shared`). */
export function EnumSelect<T extends string>({
  options,
  labelOf,
  placeholder,
  ...props
}: EnumSelectProps<T>) {
  return (
    <Select {...props}>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((value) => (
        <option key={value} value={value}>
          {labelOf(value)}
        </option>
      ))}
    </Select>
  );
}
