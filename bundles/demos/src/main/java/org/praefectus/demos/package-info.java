/** What the demo hosts share: their ephemeral, non-production signer and their private ledger folders. */
package org.praefectus.demos;
