package org.praefectus.windows.executor;

import java.util.Map;

/** UIA control type identifiers ({@code UIA_*ControlTypeId}, 50000–50040) as role names. */
final class ControlTypes {

    private static final Map<Integer, String> NAMES = Map.ofEntries(
            Map.entry(50000, "button"),
            Map.entry(50001, "calendar"),
            Map.entry(50002, "check_box"),
            Map.entry(50003, "combo_box"),
            Map.entry(50004, "edit"),
            Map.entry(50005, "hyperlink"),
            Map.entry(50006, "image"),
            Map.entry(50007, "list_item"),
            Map.entry(50008, "list"),
            Map.entry(50009, "menu"),
            Map.entry(50010, "menu_bar"),
            Map.entry(50011, "menu_item"),
            Map.entry(50012, "progress_bar"),
            Map.entry(50013, "radio_button"),
            Map.entry(50014, "scroll_bar"),
            Map.entry(50015, "slider"),
            Map.entry(50016, "spinner"),
            Map.entry(50017, "status_bar"),
            Map.entry(50018, "tab"),
            Map.entry(50019, "tab_item"),
            Map.entry(50020, "text"),
            Map.entry(50021, "tool_bar"),
            Map.entry(50022, "tool_tip"),
            Map.entry(50023, "tree"),
            Map.entry(50024, "tree_item"),
            Map.entry(50025, "custom"),
            Map.entry(50026, "group"),
            Map.entry(50027, "thumb"),
            Map.entry(50028, "data_grid"),
            Map.entry(50029, "data_item"),
            Map.entry(50030, "document"),
            Map.entry(50031, "split_button"),
            Map.entry(50032, "window"),
            Map.entry(50033, "pane"),
            Map.entry(50034, "header"),
            Map.entry(50035, "header_item"),
            Map.entry(50036, "table"),
            Map.entry(50037, "title_bar"),
            Map.entry(50038, "separator"),
            Map.entry(50039, "semantic_zoom"),
            Map.entry(50040, "app_bar"));

    private ControlTypes() {}

    static String role(int controlType) {
        return NAMES.getOrDefault(controlType, "control_" + controlType);
    }
}
