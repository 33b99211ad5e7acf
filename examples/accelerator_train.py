"""A training script written for any accelerator, as PyTorch's own examples are: it asks
`torch.accelerator` for the device and never names one. It trains a small CNN on synthetic
28x28 digits, saves a checkpoint, loads it into a fresh model and evaluates it.

    python examples/accelerator_train.py --accel [--epochs 2] [--save-model ckpt.pt]

Without `--accel` it runs on the CPU. With tpudev installed, the accelerator is the simulated
TPU: nothing in this file refers to it.
"""

import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 8, 3, 1)
        self.conv2 = nn.Conv2d(8, 16, 3, 1)
        self.bn = nn.BatchNorm2d(16)
        self.fc1 = nn.Linear(16 * 12 * 12, 32)
        self.fc2 = nn.Linear(32, 10)

    def forward(self, x):
        x = F.relu(self.conv1(x))
        x = F.max_pool2d(F.relu(self.bn(self.conv2(x))), 2)
        x = F.relu(self.fc1(torch.flatten(x, 1)))
        return F.log_softmax(self.fc2(x), dim=1)


def synthetic_digits(n, seed):
    """Images whose class is where their bright square sits: learnable, and no download."""
    g = torch.Generator().manual_seed(seed)
    labels = torch.randint(0, 10, (n,), generator=g)
    images = torch.rand(n, 1, 28, 28, generator=g) * 0.3
    for i, label in enumerate(labels.tolist()):
        row, col = divmod(label, 5)
        images[i, 0, 4 + row * 12:12 + row * 12, 2 + col * 5:6 + col * 5] += 0.7
    return TensorDataset(images, labels)


def train(model, device, loader, optimizer):
    model.train()
    for data, target in loader:
        data, target = data.to(device), target.to(device)
        optimizer.zero_grad()
        loss = F.nll_loss(model(data), target)
        loss.backward()
        optimizer.step()
    return loss.item()


def evaluate(model, device, loader):
    model.eval()
    loss, correct = 0.0, 0
    with torch.no_grad():
        for data, target in loader:
            data, target = data.to(device), target.to(device)
            output = model(data)
            loss += F.nll_loss(output, target, reduction="sum").item()
            correct += output.argmax(dim=1).eq(target).sum().item()
    n = len(loader.dataset)
    return loss / n, correct / n


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--accel", action="store_true", help="use the current accelerator")
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--save-model", default=None, help="where to save the checkpoint")
    args = parser.parse_args(argv)

    if args.accel and torch.accelerator.is_available():
        device = torch.accelerator.current_accelerator()
    else:
        device = torch.device("cpu")
    torch.manual_seed(1)
    pin = device.type != "cpu"
    train_loader = DataLoader(synthetic_digits(256, 0), batch_size=32, shuffle=True, pin_memory=pin,
                              generator=torch.Generator().manual_seed(2))
    test_loader = DataLoader(synthetic_digits(128, 1), batch_size=64, pin_memory=pin)

    model = Net().to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9)
    for epoch in range(1, args.epochs + 1):
        last = train(model, device, train_loader, optimizer)
        print(f"epoch {epoch}: last batch loss {last:.4f}")
    if device.type != "cpu":
        print(f"{device.type} memory allocated: {torch.accelerator.memory_allocated()} bytes, "
              f"peak {torch.accelerator.max_memory_allocated()}")

    path = args.save_model or "accelerator_train.pt"
    torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict()}, path)
    restored = Net().to(device)
    checkpoint = torch.load(path, map_location=device)
    restored.load_state_dict(checkpoint["model"])
    loss, accuracy = evaluate(restored, device, test_loader)
    print(f"device {device}: test loss {loss:.4f}, accuracy {accuracy:.3f}")
    return loss, accuracy


if __name__ == "__main__":
    main()
