"use client";

export function TryAgainButton({ label = "Try Again" }: { label?: string }) {
  return (
    <button
      type="button"
      onClick={() => window.location.reload()}
      className="rounded-lg border border-line px-4 py-2 font-medium hover:bg-surface-muted"
    >
      {label}
    </button>
  );
}
