import { TextInput, type TextInputProps } from '@mantine/core'

/** A search box (at most 200 characters): it shows the caller's `value` and hands each change to `onChange` as text. */
export function SearchField({ onChange, ...props }: Omit<TextInputProps, 'type' | 'onChange'> & { onChange: (value: string) => void }) {
  return <TextInput type="search" maxLength={200} {...props} onChange={(e) => onChange(e.currentTarget.value)} />
}
