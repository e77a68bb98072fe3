export { ChatMessage, type ChatMessageProps } from './chat-message';
