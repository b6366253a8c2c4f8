import { type Control, Controller, type FieldValues, type Path } from "react-hook-form";
import { ShopPicker } from "../../shops/components/shop-picker";
import { CustomerPicker } from "./customer-picker";

/** The Customer and Shop pickers of a money form (bet, deposit, withdrawal). */
export function CustomerAndShopPickers<
  T extends FieldValues & { customerId?: unknown; shopId?: unknown },
>({ control }: { control: Control<T> }) {
  // Both fields exist on T by the constraint above; TypeScript cannot prove a literal is a Path of a generic T.
  return (
    <>
      <Controller
        control={control}
        name={"customerId" as Path<T>}
        render={({ field, fieldState }) => (
          <CustomerPicker
            value={String(field.value ?? "")}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name={"shopId" as Path<T>}
        render={({ field, fieldState }) => (
          <ShopPicker
            value={String(field.value ?? "")}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
    </>
  );
}
