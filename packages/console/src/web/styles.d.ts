/** The stylesheet is bundled by Vite (a side-effect import). */
declare module '*.css';
