"use client";

import { useActionState } from "react";
import { unsubscribeAction } from "@/app/unsubscribe/actions";
import { idle } from "@/lib/action-result";

export function UnsubscribeForm({ token, label }: { token: string; label: string }) {
  const [state, action, pending] = useActionState(async () => unsubscribeAction(token), idle);
  if (state.ok && state.message)
    return (
      <p role="status" className="font-medium">
        {state.message}
      </p>
    );
  return (
    <form action={action} className="flex flex-wrap items-center gap-3">
      <button
        type="submit"
        disabled={pending}
        className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
      >
        {label}
      </button>
      {state.message && (
        <span role="alert" className="text-sm text-red-700">
          {state.message}
        </span>
      )}
    </form>
  );
}
