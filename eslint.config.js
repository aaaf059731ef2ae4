// Only the import boundaries are linted (Prettier formats, tsc checks types): which folder may
// import which is what says where code runs (docs/architecture.md, "Folders").
import babelParser from '@babel/eslint-parser'
import boundaries from 'eslint-plugin-boundaries'

const element = (type) => ({ to: { element: { type } } })

export default [
  ...[
    ['**/*.ts', ['typescript']],
    ['**/*.tsx', ['typescript', 'jsx']],
  ].map(([files, syntax]) => ({
    files: [files],
    // Babel reads the TypeScript syntax; the project's TypeScript (the native compiler) has no
    // parser API for ESLint.
    languageOptions: {
      parser: babelParser,
      parserOptions: {
        requireConfigFile: false,
        babelOptions: { babelrc: false, configFile: false, parserOpts: { plugins: syntax } },
      },
    },
  })),
  {
    files: ['client/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}', 'worker/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      // The first pattern that matches a file names its element.
      'boundaries/elements': [
        { type: 'shared', pattern: 'shared' },
        { type: 'engine', pattern: 'worker/portfolio' },
        { type: 'render', pattern: 'worker/render' },
        { type: 'worker', pattern: 'worker' },
        { type: 'client', pattern: 'client' },
      ],
    },
    rules: {
      'boundaries/no-unknown-files': 'error',
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { from: { element: { type: 'shared' } }, allow: element('shared') },
            {
              from: { element: { type: 'engine' } },
              allow: [element('engine'), element('shared')],
            },
            {
              from: { element: { type: 'worker' } },
              allow: [element('worker'), element('engine'), element('render'), element('shared')],
            },
            {
              from: { element: { type: 'render' } },
              allow: [
                element('render'),
                element('worker'),
                element('engine'),
                element('shared'),
                element('client'),
              ],
            },
            {
              from: { element: { type: 'client' } },
              allow: [element('client'), element('shared')],
            },
            // The typed API client needs the API's type, and nothing else of the worker.
            {
              from: { element: { type: 'client' } },
              allow: { to: { element: { type: 'worker' } }, dependency: { kind: 'type' } },
            },
          ],
        },
      ],
    },
  },
]
