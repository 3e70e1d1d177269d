// @eta-il/ui: the pieces of the page both browser apps show, once (STYLE §6: one error summary,
// one field wrapper), with their styles beside them (@eta-il/ui/<Name>.css). React only: no router,
// no wording (texts.ts), nothing from the apps.
export * from './Alert.tsx';
export * from './ErrorSummary.tsx';
export * from './Field.tsx';
export * from './Frame.tsx';
export * from './focusField.ts';
export * from './LanguageSwitcher.tsx';
export * from './texts.ts';
