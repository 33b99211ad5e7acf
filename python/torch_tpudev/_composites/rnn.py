"""The fused LSTM and GRU cells (`_thnn_fused_*`) and their backwards."""

import torch


def _gates(input_gates, hidden_gates, input_bias, hidden_bias):
    gates = input_gates + hidden_gates
    if input_bias is not None:
        gates = gates + input_bias
    if hidden_bias is not None:
        gates = gates + hidden_bias
    return gates


def thnn_fused_lstm_cell(input_gates, hidden_gates, cx, input_bias=None, hidden_bias=None):
    """One LSTM step from precomputed gate projections (gate order i, f, g, o). Returns
    (hy, cy, workspace); the workspace holds the activated gates, for the backward."""
    i, f, g, o = _gates(input_gates, hidden_gates, input_bias, hidden_bias).chunk(4, dim=1)
    i, f, g, o = i.sigmoid(), f.sigmoid(), g.tanh(), o.sigmoid()
    cy = f * cx + i * g
    hy = o * cy.tanh()
    return hy, cy, torch.cat([i, f, g, o], dim=1)


def thnn_fused_lstm_cell_backward_impl(grad_hy, grad_cy, cx, cy, workspace, has_bias):
    """Gradients of `thnn_fused_lstm_cell`: (grad of the pre-activation gates, grad_cx,
    grad of the bias); either incoming gradient may be undefined."""
    i, f, g, o = workspace.chunk(4, dim=1)
    tanh_cy = cy.tanh()
    grad_c = grad_cy if grad_cy is not None else torch.zeros_like(cy)
    grad_o = torch.zeros_like(o)
    if grad_hy is not None:
        grad_c = grad_c + grad_hy * o * (1 - tanh_cy * tanh_cy)
        grad_o = grad_hy * tanh_cy
    grad_gates = torch.cat([
        grad_c * g * i * (1 - i),
        grad_c * cx * f * (1 - f),
        grad_c * i * (1 - g * g),
        grad_o * o * (1 - o),
    ], dim=1)
    grad_bias = grad_gates.sum(0) if has_bias else None
    return grad_gates, grad_c * f, grad_bias


def thnn_fused_gru_cell(input_gates, hidden_gates, hx, input_bias=None, hidden_bias=None):
    """One GRU step (gate order r, z, n). Returns (hy, workspace); the workspace holds r, z,
    n, hx and the hidden projection of n, for the backward."""
    if input_bias is not None:
        input_gates = input_gates + input_bias
    if hidden_bias is not None:
        hidden_gates = hidden_gates + hidden_bias
    i_r, i_z, i_n = input_gates.chunk(3, dim=1)
    h_r, h_z, h_n = hidden_gates.chunk(3, dim=1)
    r = (i_r + h_r).sigmoid()
    z = (i_z + h_z).sigmoid()
    n = (i_n + r * h_n).tanh()
    hy = n + z * (hx - n)
    return hy, torch.cat([r, z, n, hx, h_n], dim=1)


def thnn_fused_gru_cell_backward(grad_hy, workspace, has_bias):
    """Gradients of `thnn_fused_gru_cell`: (input gates, hidden gates, hx, input bias,
    hidden bias)."""
    r, z, n, hx, h_n = workspace.chunk(5, dim=1)
    grad_n = grad_hy * (1 - z) * (1 - n * n)
    grad_z = grad_hy * (hx - n) * z * (1 - z)
    grad_r = grad_n * h_n * r * (1 - r)
    grad_input_gates = torch.cat([grad_r, grad_z, grad_n], dim=1)
    grad_hidden_gates = torch.cat([grad_r, grad_z, grad_n * r], dim=1)
    grad_hx = grad_hy * z
    if not has_bias:
        return grad_input_gates, grad_hidden_gates, grad_hx, None, None
    return grad_input_gates, grad_hidden_gates, grad_hx, grad_input_gates.sum(0), grad_hidden_gates.sum(0)


KERNELS = {
    "_thnn_fused_lstm_cell": thnn_fused_lstm_cell,
    "_thnn_fused_lstm_cell_backward_impl": thnn_fused_lstm_cell_backward_impl,
    "_thnn_fused_gru_cell": thnn_fused_gru_cell,
    "_thnn_fused_gru_cell_backward": thnn_fused_gru_cell_backward,
}
