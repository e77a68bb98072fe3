export { Chip, type ChipProps, chipVariants } from './chip';
