export {
  HighlightedText,
  type HighlightedTextProps,
  highlightSegments,
  type TextRange,
  type TextSegment,
} from './highlighted-text';
