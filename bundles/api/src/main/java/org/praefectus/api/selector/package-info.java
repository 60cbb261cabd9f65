/**
 * PeekabooX's element selectors ({@code role=push button,label=Submit}, {@code contains=55,35}, …) and the
 * element shape they select, {@link org.praefectus.api.selector.UiElement}: one strict parser for the CLI,
 * MCP and the resident runtime alike. Unknown keys, malformed geometry, bad numbers and bad regular
 * expressions are {@link org.praefectus.api.selector.SelectorException}s, never a broader match.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.2.0")
package org.praefectus.api.selector;
