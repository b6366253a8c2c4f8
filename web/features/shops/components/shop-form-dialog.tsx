import { zodResolver } from "@hookform/resolvers/zod";
import { type Resolver, useForm } from "react-hook-form";
import {
  createShopSchema,
  type UpdateShopInput,
  updateShopSchema,
} from "../../../../src/domain/schemas";
import { Dialog } from "../../../components/ui/dialog";
import { CheckboxField, FormActions, InputField } from "../../../components/ui/field";
import { useT } from "../../../i18n";
import { useCreateShop } from "../api/create-shop";
import type { Shop } from "../api/types";
import { useUpdateShop } from "../api/update-shop";
import "../../../i18n/areas/shops";

interface ShopFormValues {
  name: string;
  location: string;
  address: string;
  phone: string;
  isActive: boolean;
}

function defaultsOf(shop?: Shop): ShopFormValues {
  return {
    name: shop?.name ?? "",
    location: shop?.location ?? "",
    address: shop?.address ?? "",
    phone: shop?.phone ?? "",
    isActive: shop?.isActive ?? true,
  };
}

/** 'Add New Shop' and, given a shop, 'Edit Shop' with the same rules. */
export default function ShopFormDialog({ onClose, shop }: { onClose: () => void; shop?: Shop }) {
  const editing = shop !== undefined;
  const t = useT();
  const create = useCreateShop();
  const update = useUpdateShop();
  const mutation = editing ? update : create;
  const form = useForm<ShopFormValues, unknown, UpdateShopInput>({
    resolver: zodResolver(editing ? updateShopSchema : createShopSchema) as unknown as Resolver<
      ShopFormValues,
      unknown,
      UpdateShopInput
    >,
    defaultValues: defaultsOf(shop),
  });
  const { register, handleSubmit, formState } = form;
  const errors = formState.errors;

  const close = () => {
    form.reset(defaultsOf(shop));
    onClose();
  };

  const submit = (values: UpdateShopInput) => {
    const body = {
      name: values.name ?? "",
      location: values.location ?? "",
      address: values.address ?? null,
      phone: values.phone ?? null,
      isActive: values.isActive ?? true,
    };
    if (shop) update.mutate({ id: shop.id, body }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: close });
  };

  return (
    <Dialog onClose={close} title={editing ? t("shops.form.editTitle") : t("shops.form.addTitle")}>
      <form noValidate onSubmit={handleSubmit(submit)}>
        <InputField
          label={t("shops.form.name")}
          error={errors.name?.message}
          {...register("name")}
        />
        <InputField
          label={t("shops.form.location")}
          error={errors.location?.message}
          {...register("location")}
        />
        <InputField
          label={t("shops.form.address")}
          error={errors.address?.message}
          {...register("address")}
        />
        <InputField
          label={t("shops.form.phone")}
          type="tel"
          error={errors.phone?.message}
          {...register("phone")}
        />
        <CheckboxField label={t("shops.form.active")} {...register("isActive")} />
        <FormActions
          onCancel={close}
          pending={mutation.isPending}
          label={editing ? t("shops.form.save") : t("shops.form.create")}
          pendingLabel={editing ? t("shops.form.saving") : t("shops.form.creating")}
        />
      </form>
    </Dialog>
  );
}
