// Stylesheets imported for their side effect (RainbowKit's styles.css): esbuild emits them as main.css.
declare module '*.css'
