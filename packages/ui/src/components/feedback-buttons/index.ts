export { FeedbackButtons, type FeedbackButtonsProps, type FeedbackValue } from './feedback-buttons';
