/** API tokens for machine clients (decision 058): list, create (secret shown once), revoke. */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { i18n } from "../../../i18n";
import { type BodyOf, call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";
import "../../../i18n/areas/admin";

const TOKENS_KEY = ["/api/admin/tokens"];

export const apiTokensQuery = () =>
  queryOptions({
    queryKey: TOKENS_KEY,
    queryFn: ({ signal }) => call("listApiTokens", { signal }),
  });

export const useApiTokens = () => useQuery(apiTokensQuery());

export const createApiToken = (body: BodyOf<"createApiToken">) => call("createApiToken", { body });

export const revokeApiToken = ({ tokenId }: { tokenId: number }) =>
  call("revokeApiToken", { params: { tokenId } });

/** The dialog shows the secret itself, so no toast; a refusal with fields goes to the form. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: TOKENS_KEY }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: (token) => {
      notify.success(i18n.t("admin.tokens.revoked", { name: token.name }));
      void queryClient.invalidateQueries({ queryKey: TOKENS_KEY });
    },
    onError: (error) => notify.error(error),
  });
}
