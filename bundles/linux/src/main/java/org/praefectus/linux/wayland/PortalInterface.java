package org.praefectus.linux.wayland;

/** The xdg-desktop-portal interfaces Praefectus uses, and the permission each is reported under. */
public enum PortalInterface {
    SCREENSHOT("org.freedesktop.portal.Screenshot", "portal_screenshot"),
    SCREEN_CAST("org.freedesktop.portal.ScreenCast", "portal_screencast"),
    REMOTE_DESKTOP("org.freedesktop.portal.RemoteDesktop", "portal_remote_desktop");

    /** The portal frontend's bus name and object. */
    public static final String BUS_NAME = "org.freedesktop.portal.Desktop";

    public static final String OBJECT_PATH = "/org/freedesktop/portal/desktop";

    private final String dbusName;
    private final String permission;

    PortalInterface(String dbusName, String permission) {
        this.dbusName = dbusName;
        this.permission = permission;
    }

    public String dbusName() {
        return dbusName;
    }

    public String permission() {
        return permission;
    }
}
