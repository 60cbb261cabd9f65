package org.praefectus.windows.uia;

/** An opaque UI Automation element ({@code IUIAutomationElement}); only its {@link UiaApi} interprets it. */
public interface UiaElement {}
