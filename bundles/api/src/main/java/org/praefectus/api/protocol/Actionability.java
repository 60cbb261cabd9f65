package org.praefectus.api.protocol;

/**
 * What an observation found about acting on an element.
 *
 * @param visible        on screen and not hidden
 * @param enabled        enabled
 * @param unambiguous    no other element has the same fingerprint at the same point
 * @param stable         two reads agreed
 * @param receivesEvents a hit test at its centre reaches it
 * @param invokable      advertises the activation action
 * @param editable       its value is settable
 */
public record Actionability(
        boolean visible,
        boolean enabled,
        boolean unambiguous,
        boolean stable,
        boolean receivesEvents,
        boolean invokable,
        boolean editable) {}
