/**
 * eg043's agent, as DocuSign's example app's form fills it. The test makes this user a member who has
 * already consented to the demo integration key (the agent's consent is a browser step in the example app),
 * so the example finds it by email and status and the agent can take a JWT grant.
 */
export const EG043_AGENT = {
  email: 'agent.ada@example.test',
  userName: 'Agent Ada',
  activation: '12345',
}
