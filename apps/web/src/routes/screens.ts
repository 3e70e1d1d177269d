// The screen of every page, found by the journey's `screen` folder (packages/domain journey.ts):
// routes/<screen>/<Name>Page.tsx exports <Name>Page. Each screen is its own chunk, loaded when
// first opened; a new screen folder needs no line here.
import { type ComponentType, lazy } from 'react';

const modules = import.meta.glob<Record<string, ComponentType | undefined>>('./*/*Page.tsx');

/** 'travel-info' → 'TravelInfoPage'. */
const componentName = (screen: string) =>
  `${screen
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')}Page`;

/** The screen's module as the build's manifest names it (the chunk a prerendered page preloads). */
export const screenModule = (screen: string) => `src/routes/${screen}/${componentName(screen)}.tsx`;

export const lazyScreen = (screen: string): ComponentType => {
  const name = componentName(screen);
  const load = modules[`./${screen}/${name}.tsx`];
  if (!load) throw new Error(`No screen routes/${screen}/${name}.tsx`);
  return lazy(async () => {
    const Screen = (await load())[name];
    if (!Screen) throw new Error(`routes/${screen}/${name}.tsx does not export ${name}`);
    return { default: Screen };
  });
};
