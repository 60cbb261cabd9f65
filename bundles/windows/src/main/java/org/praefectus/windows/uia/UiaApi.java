package org.praefectus.windows.uia;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The narrow native boundary to UI Automation and Win32: top-level windows, one cached control-view
 * subtree per window, the three patterns the executor uses, the sentinel facts, monitors, process
 * creation times, {@code SendInput}, the clipboard's text and GDI capture. {@code jna.NativeUia} is the only implementation that
 * talks to Windows; everything above it is tested on any OS. Methods answer HRESULTs instead of throwing.
 */
public interface UiaApi {

    /** {@code S_OK}. */
    int S_OK = 0;
    /** {@code UIA_E_ELEMENTNOTAVAILABLE}: the element no longer exists. */
    int ELEMENT_NOT_AVAILABLE = 0x80040201;

    /** Whether a {@code CUIAutomation} object can be created in this process. */
    boolean available();

    /** The visible top-level windows of the current desktop, front to back. */
    List<TopLevelWindow> topLevelWindows();

    /**
     * The control-view subtree of one top-level window, read with one cache request
     * ({@code ElementFromHandleBuildCache}, {@code TreeScope_Subtree}, the {@link UiaNode} properties); at most
     * {@code maxElements} nodes. Empty when the window is gone.
     */
    Optional<UiaNode> tree(long windowHandle, int maxElements);

    /** One element read again, alone ({@code BuildUpdatedCache}, {@code TreeScope_Element}); empty when gone. */
    Optional<UiaNode> refresh(UiaElement element);

    /** {@code IUIAutomationInvokePattern::Invoke}; the HRESULT. */
    int invoke(UiaElement element);

    /** {@code IUIAutomationValuePattern::SetValue}; the HRESULT. */
    int setValue(UiaElement element, String value);

    /** {@code IUIAutomationValuePattern::get_CurrentValue}, or {@code null}. */
    String value(UiaElement element);

    /**
     * {@code IUIAutomationScrollPattern::Scroll} with {@code ScrollAmount} values (0 large decrement, 1 small
     * decrement, 2 none, 3 large increment, 4 small increment); the HRESULT.
     */
    int scroll(UiaElement element, int horizontal, int vertical);

    /** {@code IUIAutomationElement::SetFocus}; the HRESULT. */
    int setFocus(UiaElement element);

    /** {@code IUIAutomationWindowPattern::Close}; the HRESULT. */
    int closeWindow(UiaElement element);

    /** {@code IUIAutomationWindowPattern::SetWindowVisualState(WindowVisualState_Minimized)}; the HRESULT. */
    int minimizeWindow(UiaElement element);

    /** {@code GetForegroundWindow}, 0 when none. */
    long foregroundWindow();

    /** The runtime id of {@code IUIAutomation::GetFocusedElement}, or {@code null}. */
    String focusedRuntimeId();

    /** {@code GetCursorPos}, or {@code null}. */
    long[] cursor();

    /** The monitors, in {@code EnumDisplayMonitors} order. */
    List<Monitor> monitors();

    /** {@code GetProcessTimes} creation time (100 ns since 1601); empty when there is no such process. */
    OptionalLong processCreationTime(long processId);

    /** {@code SendInput}: how many inputs the system inserted. */
    int sendInput(List<WinInput> inputs);

    /**
     * Puts the text on the clipboard as {@code CF_UNICODETEXT} ({@code OpenClipboard}, {@code EmptyClipboard},
     * {@code SetClipboardData}) together with the registered formats that keep it out of clipboard history,
     * clipboard monitors and the cloud clipboard ({@code ExcludeClipboardContentFromMonitorProcessing},
     * {@code CanIncludeInClipboardHistory} = 0, {@code CanUploadToCloudClipboard} = 0).
     */
    ClipboardResult writeClipboardText(String text);

    /** The clipboard's {@code CF_UNICODETEXT}, or {@code null} when it holds no text or cannot be opened. */
    String clipboardText();

    /** {@code GetClipboardSequenceNumber}: changes whenever anyone changes the clipboard. */
    int clipboardSequence();

    /**
     * Whether GDI can copy the screen now, without copying it: a screen DC exists and the virtual screen has
     * an area (no DC on a locked workstation or a secure desktop).
     */
    boolean screenCaptureAvailable();

    /** The virtual screen through GDI ({@code BitBlt} of the screen DC); empty when refused. */
    Optional<ScreenImage> captureScreen();
}
