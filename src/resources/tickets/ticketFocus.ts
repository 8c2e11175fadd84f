/** The reply form's message box: where focus goes after a message is sent or a ticket reopened. */
export const TICKET_MESSAGE_INPUT_ID = 'ticket-reply-message';
/** The page's status badge holder (focusable by script): where focus goes when the ticket takes no message. */
export const TICKET_STATUS_ID = 'ticket-status';

/**
 * After an action whose button goes away (send, reopen), focus lands somewhere sensible rather
 * than on the page's body (issue 43): the message box when the ticket takes messages, else the
 * ticket's status. Runs after the render that shows the new state.
 */
export function focusAfterTicketAction(): void {
  requestAnimationFrame(() => {
    const target = document.getElementById(TICKET_MESSAGE_INPUT_ID) ?? document.getElementById(TICKET_STATUS_ID);
    target?.focus();
  });
}
