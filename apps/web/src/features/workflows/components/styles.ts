// Styles of the Mantine components the workflow screens use that app/styles.ts does not load (it
// loads per-component CSS, DESIGN §7); importing one twice is harmless. Order as in styles.css.
// biome-ignore-all assist/source/organizeImports: order matters
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Card.css';
import '@xyflow/react/dist/style.css';
import '@mantine/core/styles/Chip.css';
