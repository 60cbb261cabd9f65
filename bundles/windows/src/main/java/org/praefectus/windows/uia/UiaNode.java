package org.praefectus.windows.uia;

import java.util.List;
import org.praefectus.api.protocol.Rect;

/**
 * One element of a cached control-view subtree: the properties one {@code BuildUpdatedCache} request
 * fetched for it, so reading a whole window is one cross-process call.
 *
 * @param element          the element, for patterns at dispatch
 * @param runtimeId        {@code UIA_RuntimeIdPropertyId} as text ({@code 42.1234.4.7}), unique while it lives
 * @param controlType      {@code UIA_ControlTypePropertyId} (for example 50000 button)
 * @param name             {@code UIA_NamePropertyId}, or {@code null}
 * @param automationId     {@code UIA_AutomationIdPropertyId}, or {@code null}
 * @param className        {@code UIA_ClassNamePropertyId}, or {@code null}
 * @param bounds           {@code UIA_BoundingRectanglePropertyId} in physical pixels, or {@code null} when empty
 * @param enabled          {@code UIA_IsEnabledPropertyId}
 * @param offscreen        {@code UIA_IsOffscreenPropertyId}
 * @param keyboardFocus    {@code UIA_HasKeyboardFocusPropertyId}
 * @param invokable        {@code UIA_IsInvokePatternAvailablePropertyId}
 * @param valuePattern     {@code UIA_IsValuePatternAvailablePropertyId}
 * @param valueReadOnly    {@code UIA_ValueIsReadOnlyPropertyId}
 * @param scrollPattern    {@code UIA_IsScrollPatternAvailablePropertyId}
 * @param scrollVertical   {@code UIA_ScrollVerticallyScrollablePropertyId}
 * @param scrollHorizontal {@code UIA_ScrollHorizontallyScrollablePropertyId}
 * @param password         {@code UIA_IsPasswordPropertyId}: its value is never read
 * @param toggled          {@code UIA_ToggleToggleStatePropertyId} on ({@code true}) or off, or {@code null} without the
 *                         Toggle pattern ({@code UIA_IsTogglePatternAvailablePropertyId}) or when indeterminate
 * @param selected         {@code UIA_SelectionItemIsSelectedPropertyId} (false without the SelectionItem pattern)
 * @param children         the cached control-view children, in order
 */
public record UiaNode(
        UiaElement element,
        String runtimeId,
        int controlType,
        String name,
        String automationId,
        String className,
        Rect bounds,
        boolean enabled,
        boolean offscreen,
        boolean keyboardFocus,
        boolean invokable,
        boolean valuePattern,
        boolean valueReadOnly,
        boolean scrollPattern,
        boolean scrollVertical,
        boolean scrollHorizontal,
        boolean password,
        Boolean toggled,
        boolean selected,
        List<UiaNode> children) {

    public UiaNode {
        children = List.copyOf(children);
    }
}
