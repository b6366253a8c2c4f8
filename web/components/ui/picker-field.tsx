import type { ComponentType } from "react";
import { type Control, Controller, type FieldValues, type Path } from "react-hook-form";
import type { PickerProps } from "./search-picker";

/**
 * A react-hook-form field holding a row id, edited with a picker (e.g. the Customer or Shop
 * picker): the form keeps the id as text and shows the field's error under the picker.
 */
export function PickerField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  picker: Picker,
}: {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  picker: ComponentType<PickerProps>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Picker
          value={String(field.value ?? "")}
          onChange={field.onChange}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
