// Styles of the Mantine components these screens use that app/styles.ts does not load yet
// (it loads per-component CSS, DESIGN §7); importing one twice is harmless. Order as in styles.css.
// biome-ignore-all assist/source/organizeImports: order matters
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/charts/styles.css';
