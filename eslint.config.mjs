// ESLint 9 flat config (issue 34): Next's own rules (core web vitals, React, hooks, imports, the
// jsx-a11y subset Next picks), the full jsx-a11y recommended set, the React hooks recommended set,
// and typescript-eslint's type-aware recommended rules (they read tsconfig.json through the
// project service, so `npm run lint` type-checks as it goes). Formatting is Prettier's job
// (.prettierrc.json): no stylistic rules here.
import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      "next-env.d.ts",
      "data/**",
      "data-*/**",
      "bench-data/**",
      "test-results/**",
      "playwright-report/**",
      "coverage/**",
    ],
  },
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    files: ["**/*.{jsx,tsx}"],
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A choice's label is often "<input> <span><span>Name</span> <span>what it means</span></span>":
      // its text sits one level deeper than the default depth of 2 looks.
      "jsx-a11y/label-has-associated-control": ["error", { depth: 3 }],
      // A named scrolling region must be reachable with the Tab key to scroll it (axe's
      // scrollable-region-focusable, decision 025): tabIndex is right on role="region" too.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"] }],
    },
  },
  {
    files: ["**/*.{js,mjs,jsx,ts,tsx}"],
    rules: reactHooks.configs.flat.recommended.rules,
  },
  {
    // Tests and end-to-end specs render no React: their use* helpers (useTestDatabase, Playwright's
    // fixture `use`) are not hooks, and the hooks rules only misread them.
    files: ["tests/**", "e2e/**"],
    rules: Object.fromEntries(Object.keys(reactHooks.configs.flat.recommended.rules).map((rule) => [rule, "off"])),
  },
  {
    files: ["**/*.{ts,tsx}"],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // The house way to drop a property is `({ total: _t, ...row }) => row`, and a parameter that
      // must exist for the signature but is not read is named `_x`: both say "unused on purpose".
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true, argsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["app/**", "components/**", "lib/**"],
    ignores: ["components/use-translations.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "use-intl",
              importNames: ["useTranslations"],
              message: "Import useTranslations from @/components/use-translations (lib/i18n/fast-values.ts, issue 30).",
            },
          ],
        },
      ],
    },
  },
);
