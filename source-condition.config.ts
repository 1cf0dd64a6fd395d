import { defaultClientConditions, type UserConfig } from 'vite'

// The workspace's domain package (@vigil/domain) exports its TypeScript under the 'vigil-source' condition and its
// build under the default one: the app, its tests and its server read the source, whoever installs the package
// the build. tsconfig.json (customConditions) and the node commands (--conditions) name it too.
export const SOURCE_CONDITION = 'vigil-source'

export const sourceResolution: Pick<UserConfig, 'resolve' | 'ssr'> = {
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
  // Vitest passes these to Node as --conditions for what it does not bundle: Vite's 'module' condition would lead Node
  // to bundler-only builds (the AWS SDK's dist-es), so the server side names Node's own condition and ours.
  ssr: { resolve: { conditions: [SOURCE_CONDITION, 'node'] } },
}
