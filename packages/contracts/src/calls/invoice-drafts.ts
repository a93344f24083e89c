// Calls for invoice drafts are added here.
export {};
