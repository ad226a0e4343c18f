// Styles these screens need that app/styles.ts does not load (it loads per-component CSS,
// DESIGN §7): React Flow's base styles and the Mantine components used here beyond the base set.
// biome-ignore-all assist/source/organizeImports: order matters
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Kbd.css';
import '@xyflow/react/dist/style.css';
