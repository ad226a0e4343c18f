// Styles of the Mantine components the flow screens use that app/styles.ts does not load (it
// loads per-component CSS, DESIGN §7); importing one twice is harmless. Order as in styles.css.
// biome-ignore-all assist/source/organizeImports: order matters
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
