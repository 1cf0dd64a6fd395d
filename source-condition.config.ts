import { defaultClientConditions, defaultServerConditions, type UserConfig } from 'vite'

// The workspace's domain package (@vigil/domain) exports its TypeScript under the 'vigil-source' condition and its
// build under the default one: the app, its tests and its server read the source, whoever installs the package
// the build. tsconfig.json (customConditions) and the node commands (--conditions) name it too.
export const SOURCE_CONDITION = 'vigil-source'

export const sourceResolution: Pick<UserConfig, 'resolve' | 'ssr'> = {
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
}
