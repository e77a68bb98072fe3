// What other modules may use of the assistant (the chat screen asks it too).
export { type AssistantServices, askAssistant, assertChatCustomer } from './assistant.service';
