package org.praefectus.api.desktop;

/**
 * One change the desktop announced: never anything an application could put text in.
 *
 * @param kind     the event ({@code Focus}, {@code Activate}, {@code Create}, {@code StateChanged},
 *                 {@code ChildrenChanged}, {@code BoundsChanged}, …)
 * @param objectId the object it is about, in {@code UiElement.id} form ({@code bus:path} on AT-SPI)
 */
public record DesktopChange(String kind, String objectId) {}
