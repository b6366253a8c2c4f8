import { useMutation } from "@tanstack/react-query";
import { pathOf, request } from "../../../lib/api-client";
import { todayUtc } from "../../../lib/format";
import { useNotify } from "../../../lib/notify";

/** Downloads the export as a JSON file named with the current date. */
export async function exportAllData(): Promise<void> {
  const response = await request(pathOf("exportAllData"));
  const blob = await response.blob();
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const name =
    /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `betting-shop-export-${todayUtc()}.json`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useExportAllData() {
  const notify = useNotify();
  return useMutation({
    mutationFn: exportAllData,
    onSuccess: () => notify.success("Data export downloaded successfully"),
    onError: (error) => notify.error(error),
  });
}
